import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

export class VisibilityDto {
  @ApiProperty({ description: 'D14: shown in the community feed' })
  @IsBoolean({ message: 'isPublic must be true or false' })
  isPublic: boolean;
}

export class FavoriteDto {
  @ApiProperty({ required: false, description: 'The wanted state; without it the favourite flag is toggled (001 §7)' })
  @IsOptional()
  @IsBoolean({ message: 'isFavorite must be true or false' })
  isFavorite?: boolean;
}
